// axiom.hpp: the whole C++ API.
#pragma once

#include "axiom/aes.hpp"
#include "axiom/bytes.hpp"
#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/cpu.hpp"
#include "axiom/gcm.hpp"
#include "axiom/gost_kdf.hpp"
#include "axiom/hkdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/modes.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/poly1305.hpp"
#include "axiom/random.hpp"
#include "axiom/result.hpp"
#include "axiom/sha256.hpp"
#include "axiom/streebog.hpp"
