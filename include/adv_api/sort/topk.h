// TopK (high-level sort API, asc-devkit layout): implemented in lib/sort/topk.h.
#pragma once

#include "lib/sort/topk.h"
