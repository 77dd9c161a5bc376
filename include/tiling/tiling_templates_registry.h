// Include path of CANN's tiling-template framework (TilingBaseClass, REGISTER_TILING_TEMPLATE).
// The framework itself is not provided yet; this header gives what code including it relies on
// transitively: the tiling context, the IMPL_OP registration, the tiling-data macros and
// ASCENDC_EXTERN_C.
#pragma once

#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

// Linkage marker of tiling entry points: extern "C" only in CANN's op unit-test builds.
#ifndef ASCENDC_EXTERN_C
#ifdef ASCENDC_OP_TEST
#define ASCENDC_EXTERN_C extern "C"
#else
#define ASCENDC_EXTERN_C
#endif
#endif
