// This executable's operator new counts allocations (tests/support/counting_allocator.h).
#include "counting_allocator.h"
