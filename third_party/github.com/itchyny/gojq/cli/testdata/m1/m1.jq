import "m2" as x;

def f: 42 | x::g;
