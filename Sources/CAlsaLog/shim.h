// CAlsaLog: ALSA's own messages ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM
// default"), which libasound writes straight to standard error, handed to the kiosk's log
// instead. libasound is not linked: SDL opens it when it opens audio, and this opens the
// same library (one copy per process) to set its error handler first. ALSA's handler is
// variadic, so it is plain C.
#ifndef ROTARY_CALSALOG_SHIM_H
#define ROTARY_CALSALOG_SHIM_H
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>

/// Where ALSA's messages go: one line, without "ALSA lib ".
typedef void (*rotary_alsa_sink)(const char *line);

/// The sink the handler calls. A static inline function's static is one per object file
/// that calls it: only AlsaLog.swift calls these functions.
static inline rotary_alsa_sink *rotary_alsa_sink_slot(void) {
    static rotary_alsa_sink sink = NULL;
    return &sink;
}

static inline void rotary_alsa_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    char message[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    char text[768];
    if (err != 0) {
        snprintf(text, sizeof text, "%s:%d:(%s) %s: error %d", file ? file : "?", line, function ? function : "?", message, err);
    } else {
        snprintf(text, sizeof text, "%s:%d:(%s) %s", file ? file : "?", line, function ? function : "?", message);
    }
    rotary_alsa_sink sink = *rotary_alsa_sink_slot();
    if (sink) sink(text);
}

/// Hands ALSA's messages to `sink` from now on; 0 when libasound is not installed (then
/// SDL has no ALSA either and nothing is printed).
static inline int rotary_alsa_route_messages(rotary_alsa_sink sink) {
    void *library = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
    typedef void (*handler_t)(const char *, int, const char *, int, const char *, ...);
    int (*set)(handler_t) = (int (*)(handler_t))dlsym(library, "snd_lib_error_set_handler");
    if (!set) return 0;
    *rotary_alsa_sink_slot() = sink;
    return set(rotary_alsa_handler) == 0;
}
#endif
