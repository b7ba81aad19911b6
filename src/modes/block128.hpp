// block128.hpp: the bulk functions every 128-bit block-cipher kernel provides (Block128Ops),
// over which the modes are written once; defined in the public axiom/block_cipher.hpp, whose
// inline mode calls dispatch through it.
#pragma once

#include "axiom/block_cipher.hpp"
