// Data-cache control. The simulator has no data cache between the scalar unit and GM, so these
// keep their ordering role in the instruction stream (a scalar-pipe instruction touching the
// cache line) and change no data.
#pragma once

#include "basic_api/kernel_tensor.h"

namespace AscendC {

enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

namespace detail {
inline void CacheMaintenance(akg::sim::Mem mem, const void* addr, const void* caller) {
    akg::sim::Instr in(akg::sim::InstrId::DataCacheCleanAndInvalid, caller);
    in.Read(mem, addr, 1);
    in.noData = true;
    akg::sim::Issue(in);
}
}  // namespace detail

template <typename T, CacheLine entireType, DcciDst dcciDst>
AKG_API void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    detail::CacheMaintenance(akg::sim::Mem::GM, dst.GetPhyAddr(), AKG_CALLER);
}
template <typename T, CacheLine entireType, DcciDst dcciDst>
AKG_API void DataCacheCleanAndInvalid(const LocalTensor<T>& dst) {
    detail::CacheMaintenance(akg::sim::MemOf(TPosition(dst.GetPosition())), dst.Data(), AKG_CALLER);
}
template <typename T, CacheLine entireType>
AKG_API void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    detail::CacheMaintenance(akg::sim::Mem::GM, dst.GetPhyAddr(), AKG_CALLER);
}

// Prefetches preFetchLen instruction-cache lines from the current PC. The simulator has no
// instruction cache: one scalar-pipe instruction that moves no data.
AKG_API inline void ICachePreLoad(const int64_t preFetchLen) {
    (void)preFetchLen;
    akg::sim::Instr in(akg::sim::InstrId::ICachePreLoad, AKG_CALLER);
    in.noData = true;
    akg::sim::Issue(in);
}

}  // namespace AscendC

// utils/sys_macros.h's spelling of ICachePreLoad, which CANN's operators use.
#ifndef PRELOAD
#define PRELOAD(len) AscendC::ICachePreLoad(len)
#endif
