// CLinuxPanel: the Linux framebuffer (fbdev), the virtual console and libinput, for the
// kiosk on panels without DRM/KMS. The ioctls are wrapped here because their request
// numbers are function-like macros Swift cannot import, and the console's crash guard is
// here because a signal handler must be plain C.
#ifndef ROTARY_CLINUXPANEL_SHIM_H
#define ROTARY_CLINUXPANEL_SHIM_H
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/fb.h>
#include <linux/input-event-codes.h>
#include <linux/kd.h>
#include <libinput.h>
#include <libudev.h>

// MARK: framebuffer

static inline int rotary_fb_get_var(int fd, struct fb_var_screeninfo *var) { return ioctl(fd, FBIOGET_VSCREENINFO, var); }
static inline int rotary_fb_get_fix(int fd, struct fb_fix_screeninfo *fix) { return ioctl(fd, FBIOGET_FSCREENINFO, fix); }
static inline int rotary_fb_pan(int fd, struct fb_var_screeninfo *var) { return ioctl(fd, FBIOPAN_DISPLAY, var); }
static inline int rotary_fb_wait_for_vsync(int fd) {
    __u32 crtc = 0;
    return ioctl(fd, FBIO_WAITFORVSYNC, &crtc);
}
static inline void *rotary_map_shared(int fd, size_t length) {
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return address == MAP_FAILED ? NULL : address;
}

// MARK: virtual console

static inline int rotary_kd_get_mode(int fd, int *mode) { return ioctl(fd, KDGETMODE, mode); }
static inline int rotary_kd_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, (unsigned long)mode); }
static inline int rotary_kd_get_keyboard(int fd, int *mode) { return ioctl(fd, KDGKBMODE, mode); }
static inline int rotary_kd_set_keyboard(int fd, int mode) { return ioctl(fd, KDSKBMODE, (unsigned long)mode); }

/// What the crash guard keeps: the console it gives back (-1: none), its keyboard mode,
/// and the handlers it stands in front of. A static inline function's static is one per
/// object file that calls it: only VirtualConsole.swift calls the guard's functions.
struct rotary_guard_state {
    int fd;
    int keyboard;
    struct sigaction previous[32];
};
static inline struct rotary_guard_state *rotary_guard(void) {
    static struct rotary_guard_state state = { .fd = -1, .keyboard = K_UNICODE };
    return &state;
}
static const int rotary_guard_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };

/// The console back in text mode with its keyboard, if the guard holds one.
static inline void rotary_guard_restore(void) {
    struct rotary_guard_state *state = rotary_guard();
    if (state->fd >= 0) {
        ioctl(state->fd, KDSETMODE, (unsigned long)KD_TEXT);
        ioctl(state->fd, KDSKBMODE, (unsigned long)state->keyboard);
    }
}

/// On a crash: the console back in text mode with its keyboard, then the signal's earlier
/// handler (Swift's backtracer, or the default) as if this one had not been there: a fault
/// happens again when the handler returns, with its own context; a signal that was sent
/// (SIGABRT, or a kill) is sent again.
static inline void rotary_guard_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    rotary_guard_restore();
    sigaction(sig, &rotary_guard()->previous[sig], NULL);
    if (sig == SIGABRT || info == NULL || info->si_code <= 0) raise(sig);
    errno = saved;
}

/// Gives console `fd` back in text mode with keyboard mode `keyboard` if the process
/// crashes (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) or exits; fd -1 turns the
/// guard off.
static inline void rotary_console_guard(int fd, int keyboard) {
    struct rotary_guard_state *state = rotary_guard();
    static int at_exit = 0;
    if (!at_exit && fd >= 0) at_exit = atexit(rotary_guard_restore) == 0;
    state->keyboard = keyboard;
    if (state->fd < 0 && fd >= 0) {
        for (unsigned i = 0; i < sizeof rotary_guard_signals / sizeof rotary_guard_signals[0]; i++) {
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_sigaction = rotary_guard_handler;
            action.sa_flags = SA_SIGINFO | SA_ONSTACK;  // on the alternate stack where there is one (a stack overflow)
            sigemptyset(&action.sa_mask);
            sigaction(rotary_guard_signals[i], &action, &state->previous[rotary_guard_signals[i]]);
        }
    } else if (state->fd >= 0 && fd < 0) {
        for (unsigned i = 0; i < sizeof rotary_guard_signals / sizeof rotary_guard_signals[0]; i++) {
            sigaction(rotary_guard_signals[i], &state->previous[rotary_guard_signals[i]], NULL);
        }
    }
    state->fd = fd;
}

// MARK: libinput

static inline int rotary_libinput_open(const char *path, int flags, void *data) {
    (void)data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}
static inline void rotary_libinput_close(int fd, void *data) {
    (void)data;
    close(fd);
}
static const struct libinput_interface rotary_libinput_interface = {
    .open_restricted = rotary_libinput_open,
    .close_restricted = rotary_libinput_close,
};

/// A libinput context reading every input device udev gives seat `seat`, opening them as
/// this process (the `input` group); NULL if udev or the seat cannot be used.
static inline struct libinput *rotary_libinput_create(const char *seat) {
    struct udev *udev = udev_new();
    if (!udev) return NULL;
    struct libinput *context = libinput_udev_create_context(&rotary_libinput_interface, NULL, udev);
    udev_unref(udev);  // the context keeps its own reference
    if (!context) return NULL;
    if (libinput_udev_assign_seat(context, seat) != 0) {
        libinput_unref(context);
        return NULL;
    }
    return context;
}

#endif
