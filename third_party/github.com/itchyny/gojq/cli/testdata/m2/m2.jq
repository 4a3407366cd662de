import "m3" as x { "search": "./" };
import "m3" as $x { search: "./" };

def g: ., x::g, $x[];
