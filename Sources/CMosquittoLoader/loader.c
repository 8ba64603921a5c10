#include "CMosquittoLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// libmosquitto's functions, found by `load`.
static struct {
#define ROTARY_MOSQUITTO_POINTER(type, name, params, args) type (*name) params;
#define ROTARY_MOSQUITTO_POINTER_VOID(name, params, args) void (*name) params;
    ROTARY_MOSQUITTO_FUNCTIONS(ROTARY_MOSQUITTO_POINTER, ROTARY_MOSQUITTO_POINTER_VOID)
} functions;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int status = -1;
static char error[512];

static void load(void) {
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, sizeof error, "cannot open libmosquitto.so.1 (is libmosquitto1 installed?): %s", dlerror());
        return;
    }
#define ROTARY_MOSQUITTO_FIND(name)                                                                                  \
    *(void **)&functions.name = dlsym(library, "mosquitto_" #name);                                                  \
    if (!functions.name) {                                                                                           \
        snprintf(error, sizeof error, "libmosquitto.so.1 has no mosquitto_%s (libmosquitto 2 is needed)", #name);    \
        dlclose(library);                                                                                            \
        return;                                                                                                      \
    }
#define ROTARY_MOSQUITTO_FIND_TYPED(type, name, params, args) ROTARY_MOSQUITTO_FIND(name)
#define ROTARY_MOSQUITTO_FIND_VOID(name, params, args) ROTARY_MOSQUITTO_FIND(name)
    ROTARY_MOSQUITTO_FUNCTIONS(ROTARY_MOSQUITTO_FIND_TYPED, ROTARY_MOSQUITTO_FIND_VOID)
    status = 0;
}

int rotary_mosquitto_load(void) {
    pthread_once(&once, load);
    return status;
}

const char *rotary_mosquitto_load_error(void) {
    return error;
}

#define ROTARY_MOSQUITTO_FORWARD(type, name, params, args) \
    type rotary_mosquitto_##name params { return functions.name args; }
#define ROTARY_MOSQUITTO_FORWARD_VOID(name, params, args) \
    void rotary_mosquitto_##name params { functions.name args; }
ROTARY_MOSQUITTO_FUNCTIONS(ROTARY_MOSQUITTO_FORWARD, ROTARY_MOSQUITTO_FORWARD_VOID)
