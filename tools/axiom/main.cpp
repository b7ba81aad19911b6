#include <cstdio>
int main() { std::puts("axiom: placeholder"); return 0; }
