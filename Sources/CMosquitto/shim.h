// CMosquitto: Eclipse Mosquitto's client library (libmosquitto 2), for the kiosk's MQTT link.
#ifndef ROTARY_CMOSQUITTO_SHIM_H
#define ROTARY_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#endif
