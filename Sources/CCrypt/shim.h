// CCrypt: libxcrypt (libcrypt1, part of every glibc system), for the service PIN's hash.
#ifndef ROTARY_CCRYPT_SHIM_H
#define ROTARY_CCRYPT_SHIM_H
#include <crypt.h>
#endif
