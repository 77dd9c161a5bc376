// CANN's register/register_types.h (metadef): the symbol-visibility markers its registration
// classes carry. The host libraries here are built with default visibility, so both are empty.
#pragma once

#ifndef FMK_FUNC_HOST_VISIBILITY
#define FMK_FUNC_HOST_VISIBILITY
#endif
#ifndef FMK_FUNC_DEV_VISIBILITY
#define FMK_FUNC_DEV_VISIBILITY
#endif
