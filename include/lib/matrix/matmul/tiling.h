// CANN's lib/matrix/matmul/tiling.h: the Matmul configuration (MatmulConfig and its preset
// builders) as kernels name it at global scope, e.g.
// `constexpr MatmulConfig CFG_EXCEED = GetNormalConfig(true);` outside any namespace.
#pragma once

#include "lib/matmul/matmul_config.h"

using AscendC::BatchMode;
using AscendC::BatchOutMode;
using AscendC::GetBasicConfig;
using AscendC::GetIBShareNormConfig;
using AscendC::GetMDLConfig;
using AscendC::GetMMConfig;
using AscendC::GetNormalConfig;
using AscendC::GetSpecialMDLConfig;
using AscendC::IterateMode;
using AscendC::IterateOrder;
using AscendC::MatmulConfig;
using AscendC::MatmulApiStaticTiling;
using AscendC::MatmulBatchParams;
using AscendC::MatmulConfigMode;
using AscendC::MatmulFuncParams;
using AscendC::MatmulQuantParams;
using AscendC::MatmulShapeParams;
using AscendC::ScheduleType;
using AscendC::CFG_IBSHARE_NORM;
using AscendC::CFG_MDL;
using AscendC::CFG_NORM;
using AscendC::MM_CFG_BB;
