// __BLOCK_LOCAL__: a variable every core has its own copy of ([[block_local]] on the device).
// Each such variable gets a section of its own (GCC rejects inline and non-inline variables in
// one named section); the runtime finds them by the prefix and keeps a copy per core
// (src/sim/block_local.cpp), and the anti-cheat scan accepts them as device code.
#pragma once

#define AKG_BLOCK_LOCAL_SECTION_PREFIX "akg_block_local"
#define AKG_BLOCK_LOCAL_STR(n) #n
#define AKG_BLOCK_LOCAL_SECTION(n) AKG_BLOCK_LOCAL_SECTION_PREFIX "." AKG_BLOCK_LOCAL_STR(n)
#ifndef __BLOCK_LOCAL__
#define __BLOCK_LOCAL__ __attribute__((section(AKG_BLOCK_LOCAL_SECTION(__COUNTER__))))
#endif
