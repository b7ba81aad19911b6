// block_ciphers.hpp: the rows of core/block_ciphers.h as C++ types, for the code that iterates
// over the block ciphers (the C API, the command line, the benchmarks, the tests).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "aes/aes_kernel.hpp"
#include "axiom/axiom.hpp"
#include "core/block_ciphers.h"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "magma/magma_kernel.hpp"
#include "sm4/sm4_kernel.hpp"

namespace axiom::detail {

template <class... Ts>
struct TypeList {
  static constexpr std::size_t size = sizeof...(Ts);
  using first = std::tuple_element_t<0, std::tuple<Ts..., void>>;
  using last =
      std::tuple_element_t<(sizeof...(Ts) > 0 ? sizeof...(Ts) - 1 : 0), std::tuple<Ts..., void>>;
};

// for_each_type calls f.template operator()<T>() for each T of List, in order.
template <class List>
struct ForEach;
template <class... Ts>
struct ForEach<TypeList<Ts...>> {
  template <class F>
  static void run(F&& f) {
    (f.template operator()<Ts>(), ...);
  }
};
template <class List, class F>
void for_each_type(F&& f) {
  ForEach<List>::run(f);
}

enum class CipherStandard { nist, gost };

// Family<Tag> is one row: the family's name, block size, standard, ciphers (one per key size)
// and kernel list. Tag is a type named after the family (struct aes_row, ...).
#define AXIOM_CIPHER_ROW_(family, block, std_, ...)                  \
  struct family##_row {                                              \
    static constexpr std::string_view name = #family;                \
    static constexpr std::size_t block_size = block;                 \
    static constexpr CipherStandard standard = CipherStandard::std_; \
    using ciphers = TypeList<__VA_ARGS__>;                           \
    static auto kernels() noexcept { return family##_kernels(); }    \
  };
AXIOM_BLOCK_CIPHERS(AXIOM_CIPHER_ROW_)
#undef AXIOM_CIPHER_ROW_

template <class L>
struct DropFirst;
template <class F, class... Ts>
struct DropFirst<TypeList<F, Ts...>> {
  using type = TypeList<Ts...>;
};
template <class... Ls>
struct Concat;
template <>
struct Concat<> {
  using type = TypeList<>;
};
template <class... As, class... Rest>
struct Concat<TypeList<As...>, Rest...> {
  template <class L>
  struct Prepend;
  template <class... Bs>
  struct Prepend<TypeList<Bs...>> {
    using type = TypeList<As..., Bs...>;
  };
  using type = typename Prepend<typename Concat<Rest...>::type>::type;
};

// BlockCipherFamilies: the rows; BlockCiphers: every cipher class of every row, in order.
#define AXIOM_CIPHER_ROW_TYPE_(family, ...) , family##_row
using BlockCipherFamilies =
    DropFirst<TypeList<void AXIOM_BLOCK_CIPHERS(AXIOM_CIPHER_ROW_TYPE_)>>::type;
#undef AXIOM_CIPHER_ROW_TYPE_
template <class L>
struct CiphersOf;
template <class... Rows>
struct CiphersOf<TypeList<Rows...>> {
  using type = typename Concat<typename Rows::ciphers...>::type;
};
using BlockCiphers = CiphersOf<BlockCipherFamilies>::type;

template <class T, class L>
inline constexpr bool in_list = false;
template <class T, class... Ts>
inline constexpr bool in_list<T, TypeList<Ts...>> = (std::is_same_v<T, Ts> || ...);

// FamilyOf<C>: the row of cipher C.
template <class C, class L = BlockCipherFamilies>
struct FamilyOf;
template <class C, class Row, class... Rows>
struct FamilyOf<C, TypeList<Row, Rows...>> {
  using type = std::conditional_t<in_list<C, typename Row::ciphers>, Row,
                                  typename FamilyOf<C, TypeList<Rows...>>::type>;
};
template <class C>
struct FamilyOf<C, TypeList<>> {
  using type = void;
};
template <class C>
using family_of = typename FamilyOf<C>::type;

// index_of<C>: C's place in BlockCiphers.
template <class C, class L = BlockCiphers>
inline constexpr std::size_t index_of = 0;
template <class C, class T, class... Ts>
inline constexpr std::size_t index_of<C, TypeList<T, Ts...>> =
    std::is_same_v<C, T> ? 0 : 1 + index_of<C, TypeList<Ts...>>;

// cipher_name: the name the command line and the benchmarks give C: its family's ("sm4"), with
// the key's bits where the family has several key sizes ("aes-128").
template <class C>
std::string cipher_name() {
  using Row = family_of<C>;
  std::string name(Row::name);
  if (Row::ciphers::size > 1) {
    name += '-';
    name += std::to_string(8 * C::key_size);
  }
  return name;
}

// is_gost: C follows GOST R 34.13-2015's forms (see core/block_ciphers.h).
template <class C>
inline constexpr bool is_gost = family_of<C>::standard == CipherStandard::gost;

}  // namespace axiom::detail
