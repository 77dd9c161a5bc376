// softmaxflashv2 (SoftMax family, CANN 8.x install layout): implemented in lib/activation/softmax.h.
#pragma once

#include "lib/activation/softmax.h"
