#!/bin/sh
# Installs the Debian packages named on the command line that are missing.
# As root it runs apt-get; otherwise it prints the exact command to run.
missing=""
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "These packages are missing, and this isn't a Debian system:$missing" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ]; then
    echo "Installing:$missing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$missing >/dev/null || exit 1
else
    echo "Some packages are missing. Install them with:" >&2
    echo "  sudo apt-get install -y$missing" >&2
    exit 1
fi
