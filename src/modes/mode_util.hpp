// mode_util.hpp: the argument checks shared by the modes (overlap_ok, check_same,
// check_blocks), defined in the public axiom/block_cipher.hpp for the inline mode calls.
#pragma once

#include "axiom/block_cipher.hpp"
