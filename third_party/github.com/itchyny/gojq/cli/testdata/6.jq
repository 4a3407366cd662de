import "7" as $x;
def i: 3;
def g: $x;
