# King of the hill (no repeats), Fay forfeits to Ben in round 2: the other games should be
# Ann v Cat and Eve v Dan; the file has Ann v Dan and Cat v Eve.
Ash, Ann     1800 2 4; 400
Bell, Ben    1700 1 0; 300 50
Cole, Cat    1600 4 5; 400
Dunn, Dan    1500 3 1; 350
Eze, Eve     1400 6 3; 400
Fox, Fay     1300 5 0; 390 -50
