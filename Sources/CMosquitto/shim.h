// CMosquitto: the types and constants of Eclipse Mosquitto's client library (libmosquitto 2),
// for the kiosk's MQTT link. Not linked: CMosquittoLoader opens the library when it is needed.
#ifndef ROTARY_CMOSQUITTO_SHIM_H
#define ROTARY_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#endif
