/* What the window tests under Xvfb need of X that xdotool doesn't give:
 *   xwin close WINDOW   the window manager's close button: sends the
 *                       window WM_DELETE_WINDOW, as a window manager does
 *                       (Xvfb has none; xdotool's windowclose destroys
 *                       the window instead, and windowkill drops the
 *                       client's link to the server: neither is a close)
 *   xwin look WINDOW    a hash of what the window shows ("blank" while
 *                       it's all one colour: nothing drawn yet), so a test
 *                       can wait for a key's effect instead of sleeping
 *   xwin grab WINDOW FILE  what the window shows, as the screen has it,
 *                       into FILE as a binary PPM (P6): the picture a
 *                       test holds against a reference (tests/sdl/
 *                       reference.sh); the whole window must be on screen
 * WINDOW is a window id, as xdotool prints it. Exits 1 if the window
 * can't be reached (it's gone). */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A window that's gone is an error to report, not a crash */
static int failed;
static int on_error(Display *display, XErrorEvent *error)
{
    (void)display;
    (void)error;
    failed = 1;
    return 0;
}

static int send_close(Display *display, Window window)
{
    XEvent event;
    memset(&event, 0, sizeof event);
    event.xclient.type = ClientMessage;
    event.xclient.window = window;
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", False);
    event.xclient.format = 32;
    event.xclient.data.l[0] = (long)XInternAtom(display, "WM_DELETE_WINDOW", False);
    event.xclient.data.l[1] = CurrentTime;
    XSendEvent(display, window, False, NoEventMask, &event);
    XSync(display, False);
    return failed;
}

static int look(Display *display, Window window)
{
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, window, &attributes) || failed) return 1;
    /* only the part on the screen can be read */
    int x, y;
    Window child;
    XTranslateCoordinates(display, window, attributes.root, 0, 0, &x, &y, &child);
    int left = x < 0 ? -x : 0, top = y < 0 ? -y : 0;
    int right = attributes.width, bottom = attributes.height;
    if (x + right > attributes.screen->width) right = attributes.screen->width - x;
    if (y + bottom > attributes.screen->height) bottom = attributes.screen->height - y;
    if (right <= left || bottom <= top || failed) return 1;
    XImage *image = XGetImage(display, window, left, top, (unsigned)(right - left), (unsigned)(bottom - top),
                              AllPlanes, ZPixmap);
    XSync(display, False);
    if (image == NULL || failed) return 1;
    /* the rows' bytes as they are, each row's pixels only */
    uint64_t hash = 1469598103934665603ull;
    size_t row_bytes = (size_t)image->width * (size_t)image->bits_per_pixel / 8;
    const unsigned char *first = (const unsigned char *)image->data;
    int plain = 1;
    for (int r = 0; r < image->height; ++r) {
        const unsigned char *row = (const unsigned char *)image->data + (size_t)r * (size_t)image->bytes_per_line;
        for (size_t i = 0; i < row_bytes; ++i) hash = (hash ^ row[i]) * 1099511628211ull;
        for (size_t i = 0; plain && i < row_bytes; ++i) plain = row[i] == first[i % 4];
    }
    XDestroyImage(image);
    if (plain) printf("blank\n");   /* nothing drawn yet */
    else printf("%016llx\n", (unsigned long long)hash);
    return 0;
}

/* The colour of one pixel of an image from a TrueColor screen, as bytes */
static void pixel_bytes(XImage *image, int x, int y, unsigned char out[3])
{
    unsigned long pixel = XGetPixel(image, x, y);
    const unsigned long masks[3] = {image->red_mask, image->green_mask, image->blue_mask};
    for (int c = 0; c < 3; ++c) {
        unsigned long mask = masks[c];
        int shift = 0;
        while (mask != 0 && (mask & 1) == 0) {
            mask >>= 1;
            ++shift;
        }
        out[c] = mask == 0 ? 0 : (unsigned char)(((pixel >> shift) & mask) * 255 / mask);
    }
}

static int grab(Display *display, Window window, const char *path)
{
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, window, &attributes) || failed) return 1;
    XImage *image = XGetImage(display, window, 0, 0, (unsigned)attributes.width, (unsigned)attributes.height,
                              AllPlanes, ZPixmap);
    XSync(display, False);
    if (image == NULL || failed) return 1;
    FILE *out = fopen(path, "wb");
    int status = out == NULL;
    if (out != NULL) {
        fprintf(out, "P6\n%d %d\n255\n", image->width, image->height);
        for (int y = 0; y < image->height; ++y) {
            for (int x = 0; x < image->width; ++x) {
                unsigned char rgb[3];
                pixel_bytes(image, x, y, rgb);
                fwrite(rgb, 1, 3, out);
            }
        }
        status = fclose(out) != 0;
    }
    XDestroyImage(image);
    return status;
}

int main(int argc, char **argv)
{
    bool grabs = argc == 4 && strcmp(argv[1], "grab") == 0;
    if (!grabs && (argc != 3 || (strcmp(argv[1], "close") != 0 && strcmp(argv[1], "look") != 0))) {
        fprintf(stderr, "usage: xwin close|look WINDOW_ID, xwin grab WINDOW_ID FILE.ppm\n");
        return 2;
    }
    Display *display = XOpenDisplay(NULL);
    if (display == NULL) {
        fprintf(stderr, "xwin: can't open the display\n");
        return 1;
    }
    XSetErrorHandler(on_error);
    Window window = (Window)strtoul(argv[2], NULL, 0);
    int status = grabs ? grab(display, window, argv[3])
                 : strcmp(argv[1], "close") == 0 ? send_close(display, window) : look(display, window);
    XCloseDisplay(display);
    return status;
}
