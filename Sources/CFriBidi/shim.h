// CFriBidi: GNU FriBidi, the Unicode bidirectional algorithm, to order mixed
// right-to-left and left-to-right text.
#ifndef ROTARY_CFRIBIDI_SHIM_H
#define ROTARY_CFRIBIDI_SHIM_H
#include <fribidi.h>

/// The paragraph directions FriBidi takes, as functions: the macros are masks Swift cannot import.
static inline FriBidiParType rotary_fribidi_paragraph_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType rotary_fribidi_paragraph_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType rotary_fribidi_paragraph_rtl(void) { return FRIBIDI_PAR_RTL; }
#endif
