// ACLNN_API: the export marker of aclnn entry points.
#pragma once

#define ACLNN_API __attribute__((visibility("default")))
