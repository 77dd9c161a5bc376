// softmax (SoftMax family, asc-devkit layout): implemented in lib/activation/softmax.h.
#pragma once

#include "lib/activation/softmax.h"
