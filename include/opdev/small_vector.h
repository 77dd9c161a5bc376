// op::SmallVector / op::FVector (aclnn/acl_meta.h): std::vector here.
#pragma once

#include "aclnn/acl_meta.h"
