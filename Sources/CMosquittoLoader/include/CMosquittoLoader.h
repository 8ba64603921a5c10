// libmosquitto opened when the kiosk first makes an MQTT client, not when it starts: a kiosk
// without [mqtt] (and bench) then never maps libmosquitto, libssl and libcrypto (measured:
// 1.6 MB of resident memory, and their relocations at every start). The kiosk calls these
// rotary_mosquitto_* functions, each forwarding to libmosquitto's function of the same name.
#ifndef C_MOSQUITTO_LOADER_H
#define C_MOSQUITTO_LOADER_H

#include <mosquitto.h>
#include <stdbool.h>

/// Opens libmosquitto.so.1 and finds its functions, once (later calls return what the first
/// found): 0 when every function is there, else -1, and `rotary_mosquitto_load_error()` says
/// why. No other rotary_mosquitto_* function may be called before it returned 0.
int rotary_mosquitto_load(void);

/// Why `rotary_mosquitto_load()` failed (empty when it did not).
const char *rotary_mosquitto_load_error(void);

/// libmosquitto's functions the kiosk uses: the return type, the name after `mosquitto_`,
/// the parameters and the arguments to pass on. `V` marks those that return nothing.
#define ROTARY_MOSQUITTO_FUNCTIONS(F, V) \
    F(int, lib_init, (void), ()) \
    F(struct mosquitto *, new, (const char *id, bool clean_session, void *obj), (id, clean_session, obj)) \
    V(destroy, (struct mosquitto *mosq), (mosq)) \
    F(const char *, strerror, (int mosq_errno), (mosq_errno)) \
    F(const char *, connack_string, (int connack_code), (connack_code)) \
    F(int, connect, (struct mosquitto *mosq, const char *host, int port, int keepalive), (mosq, host, port, keepalive)) \
    F(int, reconnect, (struct mosquitto *mosq), (mosq)) \
    F(int, disconnect, (struct mosquitto *mosq), (mosq)) \
    F(int, reconnect_delay_set, (struct mosquitto *mosq, unsigned int delay, unsigned int delay_max, bool exponential), \
      (mosq, delay, delay_max, exponential)) \
    F(int, int_option, (struct mosquitto *mosq, enum mosq_opt_t option, int value), (mosq, option, value)) \
    F(int, threaded_set, (struct mosquitto *mosq, bool threaded), (mosq, threaded)) \
    F(int, username_pw_set, (struct mosquitto *mosq, const char *username, const char *password), (mosq, username, password)) \
    F(int, tls_set, (struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile, const char *keyfile, \
                     int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)), \
      (mosq, cafile, capath, certfile, keyfile, pw_callback)) \
    F(int, will_set, (struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, int qos, bool retain), \
      (mosq, topic, payloadlen, payload, qos, retain)) \
    V(user_data_set, (struct mosquitto *mosq, void *obj), (mosq, obj)) \
    V(connect_callback_set, (struct mosquitto *mosq, void (*on_connect)(struct mosquitto *, void *, int)), (mosq, on_connect)) \
    V(disconnect_callback_set, (struct mosquitto *mosq, void (*on_disconnect)(struct mosquitto *, void *, int)), \
      (mosq, on_disconnect)) \
    V(publish_callback_set, (struct mosquitto *mosq, void (*on_publish)(struct mosquitto *, void *, int)), (mosq, on_publish)) \
    V(message_callback_set, \
      (struct mosquitto *mosq, void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *)), \
      (mosq, on_message)) \
    F(int, publish, (struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload, int qos, \
                     bool retain), (mosq, mid, topic, payloadlen, payload, qos, retain)) \
    F(int, subscribe, (struct mosquitto *mosq, int *mid, const char *sub, int qos), (mosq, mid, sub, qos)) \
    F(int, loop_start, (struct mosquitto *mosq), (mosq)) \
    F(int, loop_stop, (struct mosquitto *mosq, bool force), (mosq, force)) \
    F(int, loop_forever, (struct mosquitto *mosq, int timeout, int max_packets), (mosq, timeout, max_packets))

#define ROTARY_MOSQUITTO_DECLARE(type, name, params, args) type rotary_mosquitto_##name params;
#define ROTARY_MOSQUITTO_DECLARE_VOID(name, params, args) void rotary_mosquitto_##name params;
ROTARY_MOSQUITTO_FUNCTIONS(ROTARY_MOSQUITTO_DECLARE, ROTARY_MOSQUITTO_DECLARE_VOID)

#endif
