#!/bin/sh
# SDL3, SDL3_ttf and SDL3_image for the window where the system has none
# (Debian 12): the next Debian release's own source packages, fetched by
# apt through a private configuration (its own sources list, lists and
# cache under the work folder; the system's apt is only read, for its
# mirror) and built once, static and position-independent, into PREFIX,
# which every build tree shares (CMakeLists.txt calls this when
# find_package finds no SDL3). apt checks what it fetches against the
# archive's keyring (debian-archive-keyring). Nothing of the next
# release is ever installed: its binary packages would upgrade the C
# library.
#   tools/sdl3.sh PREFIX      exit 0 once PREFIX holds the three
#   tools/sdl3.sh --packages  the Debian packages the build needs (.ci/run)
set -eu

# What to install where this can't build them
cannot() {
    cat >&2 <<EOF
amulets: $1
The window needs SDL3 (3.2 or later), SDL3_ttf and SDL3_image. Install them
and build again:
  Debian 13:  sudo apt-get install libsdl3-dev libsdl3-ttf-dev libsdl3-image-dev
  Fedora:     sudo dnf install SDL3-devel SDL3_ttf-devel SDL3_image-devel
  Arch:       sudo pacman -S sdl3 sdl3_ttf sdl3_image
  Homebrew:   brew install sdl3 sdl3_ttf sdl3_image
(or put a prefix that has them on CMAKE_PREFIX_PATH). Without them the game
builds without its window (cmake -DAMULETS_WINDOW=OFF, or AUTO): the terminal
and the scripted runs still work.
EOF
    exit 1
}

# What building them needs from this release: apt's source fetching, the
# X11 and Wayland headers (the libraries themselves SDL loads when it
# runs), and FreeType for SDL3_ttf
BUILD_PACKAGES="dpkg-dev cmake gcc make pkg-config distro-info-data debian-archive-keyring
    libx11-dev libxext-dev libxrandr-dev libxcursor-dev libxi-dev libxfixes-dev libxss-dev
    libxkbcommon-dev libwayland-dev libdecor-0-dev libegl-dev libfreetype-dev"
if [ "${1:-}" = --packages ]; then
    echo $BUILD_PACKAGES
    exit 0
fi
prefix=${1:?usage: tools/sdl3.sh PREFIX, or tools/sdl3.sh --packages}
here=$(cd "$(dirname "$0")" && pwd)
stamp="$prefix/amulets-sdl3.txt"
jobs=$(nproc 2>/dev/null || echo 2)

# This release's code name and the next one's (distro-info-data's table:
# version,codename,series,created,release,...; the next row is the next)
next_release() {
    awk -F, -v this="$1" 'found { print $3; exit } $3 == this { found = 1 }' \
        /usr/share/distro-info/debian.csv
}

# The Debian mirror this machine's apt uses for its own release
mirror_of() {
    uri=$(apt-get indextargets --format '$(REPO_URI)' "Codename: $1" "Origin: Debian" 2>/dev/null | head -1)
    # lists not fetched yet: the release as the sources entry names it
    [ -n "$uri" ] || uri=$(apt-get indextargets --format '$(REPO_URI)' "Release: $1" 2>/dev/null | head -1)
    echo "$uri"
}

# apt-get or apt-cache, with every folder it writes in under $work
private_apt() {
    tool=$1
    shift
    "$tool" -q -o Dir::Etc::SourceList="$work/apt/sources.list" -o Dir::Etc::SourceParts="$work/apt/parts" \
        -o Dir::State::Lists="$work/apt/lists" -o Dir::Cache="$work/apt/cache" \
        -o APT::Sandbox::User=root "$@"
}

# One CMake project, built and installed into the prefix with only what
# the window uses
build_one() {
    source_dir=$1
    shift
    cmake -S "$source_dir" -B "$source_dir/build" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_INSTALL_LIBDIR=lib \
        -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON "$@" >"$source_dir/configure.log" 2>&1 ||
        { tail -30 "$source_dir/configure.log" >&2; return 1; }
    nice cmake --build "$source_dir/build" -j "$jobs" >"$source_dir/build.log" 2>&1 ||
        { tail -30 "$source_dir/build.log" >&2; return 1; }
    cmake --install "$source_dir/build" >/dev/null
}

build_all() {
    src=$1
    # SDL3 static, PIC (it ignores SDL_STATIC_PIC), its subsystems the
    # window needs: video (X11 and Wayland) and render. Joystick and
    # HIDAPI stay on: 3.2.10 doesn't link without them
    build_one "$(ls -d "$src"/libsdl3-3*)" -DSDL_SHARED=OFF -DSDL_STATIC=ON \
        -DSDL_TEST_LIBRARY=OFF -DSDL_TESTS=OFF -DSDL_EXAMPLES=OFF -DSDL_INSTALL_DOCS=OFF \
        -DSDL_AUDIO=OFF -DSDL_GPU=OFF -DSDL_CAMERA=OFF -DSDL_HAPTIC=OFF -DSDL_POWER=OFF \
        -DSDL_SENSOR=OFF -DSDL_DIALOG=OFF -DSDL_VULKAN=OFF -DSDL_KMSDRM=OFF -DSDL_OFFSCREEN=OFF \
        -DSDL_DBUS=OFF -DSDL_IBUS=OFF -DSDL_LIBURING=OFF -DSDL_LIBUDEV=OFF -DSDL_HIDAPI_LIBUSB=OFF
    # SDL3_ttf on the system's FreeType, without HarfBuzz or colour emoji
    build_one "$(ls -d "$src"/libsdl3-ttf-3*)" -DSDLTTF_VENDORED=OFF -DSDLTTF_HARFBUZZ=OFF \
        -DSDLTTF_PLUTOSVG=OFF -DSDLTTF_SAMPLES=OFF -DSDLTTF_INSTALL_MAN=OFF
    # SDL3_image: PNG alone, read with its own stb_image and written with
    # its own miniz, so no image library is linked
    build_one "$(ls -d "$src"/libsdl3-image-3*)" -DSDLIMAGE_VENDORED=OFF -DSDLIMAGE_BACKEND_STB=ON \
        -DSDLIMAGE_SAMPLES=OFF -DSDLIMAGE_TESTS=OFF -DSDLIMAGE_AVIF=OFF -DSDLIMAGE_BMP=OFF \
        -DSDLIMAGE_GIF=OFF -DSDLIMAGE_JPG=OFF -DSDLIMAGE_JXL=OFF -DSDLIMAGE_LBM=OFF -DSDLIMAGE_PCX=OFF \
        -DSDLIMAGE_PNM=OFF -DSDLIMAGE_QOI=OFF -DSDLIMAGE_SVG=OFF -DSDLIMAGE_TGA=OFF -DSDLIMAGE_TIF=OFF \
        -DSDLIMAGE_WEBP=OFF -DSDLIMAGE_XCF=OFF -DSDLIMAGE_XPM=OFF -DSDLIMAGE_XV=OFF
}

[ -f "$stamp" ] && exit 0
command -v apt-get >/dev/null 2>&1 || cannot "this isn't a Debian system, so SDL3 can't be built from Debian's source here."
. /etc/os-release
[ "${ID:-}" = debian ] && [ -n "${VERSION_CODENAME:-}" ] ||
    cannot "this isn't Debian (it's ${PRETTY_NAME:-unknown}), so SDL3 can't be built from Debian's source here."
# this release has them (Debian 13 and later): its own packages, installed
# as root as the others are (deps.sh)
candidates=$(apt-cache policy libsdl3-dev libsdl3-ttf-dev libsdl3-image-dev 2>/dev/null | grep -c 'Candidate: [0-9]' || :)
if [ "$candidates" = 3 ]; then
    sh "$here/deps.sh" libsdl3-dev libsdl3-ttf-dev libsdl3-image-dev >&2 || cannot "SDL3 isn't installed (above)."
    exit 0
fi
sh "$here/deps.sh" $BUILD_PACKAGES >&2 || cannot "the packages SDL3's build needs are missing (above)."

mkdir -p "$(dirname "$prefix")"
# one build at a time, however many build trees are configured at once
exec 9>"$prefix.lock"
flock 9
[ -f "$stamp" ] && exit 0

next=$(next_release "$VERSION_CODENAME")
mirror=$(mirror_of "$VERSION_CODENAME")
[ -n "$next" ] || cannot "distro-info-data names no Debian release after $VERSION_CODENAME."
[ -n "$mirror" ] || cannot "apt has no Debian mirror for $VERSION_CODENAME (apt-get indextargets)."

work="$prefix.work"
rm -rf "$work"
mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial" "$work/apt/parts" "$work/src"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $next main" \
    >"$work/apt/sources.list"
private_apt apt-get update >"$work/update.log" 2>&1 && ! grep -q '^[WE]:' "$work/update.log" ||
    { cat "$work/update.log" >&2; cannot "Debian $next's sources couldn't be fetched from $mirror."; }
version=$(private_apt apt-cache showsrc libsdl3 2>/dev/null | sed -n 's/^Version: \([0-9.]*\).*/\1/p' | sort -V | tail -1)
[ -n "$version" ] || cannot "Debian $next has no libsdl3 source package."
# said on stderr: the build's own output may be hidden (make's configure)
echo "SDL3 $version is not installed: building it from Debian's source package, once (about 2 minutes)" >&2
echo "  (Debian $next's libsdl3, libsdl3-ttf and libsdl3-image from $mirror, into $prefix)" >&2
started=$(date +%s)
(cd "$work/src" && private_apt apt-get source libsdl3 libsdl3-ttf libsdl3-image >"$work/source.log" 2>&1) ||
    { tail -20 "$work/source.log" >&2; cannot "Debian $next's SDL3 sources couldn't be fetched."; }
build_all "$work/src" || cannot "SDL3's build failed (above)."
(cd "$work/src" && ls -d libsdl3*/ | tr -d / | sed 's/+ds$//') >"$stamp"
rm -rf "$work"
echo "SDL3 built in $(($(date +%s) - started)) s: $(tr '\n' ' ' <"$stamp")" >&2
