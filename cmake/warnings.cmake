# axiom_warnings(target): the warning set every axiom target builds clean with (g++ 12, clang 14).
function(axiom_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wconversion -Wshadow -Wpedantic)
  if(AXIOM_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
