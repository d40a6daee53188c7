// The replacement operator new for this executable, alone in its translation unit: GCC 12 inlines
// it into gtest's registration code otherwise and misreports the malloc/free pairing
// (-Wmismatched-new-delete).
#include "counting_allocator.h"
