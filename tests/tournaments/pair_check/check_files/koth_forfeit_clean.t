# koth_forfeit.t in king of the hill order: Ann v Cat, Eve v Dan beside the forfeit.
Ash, Ann     1800 2 3; 400
Bell, Ben    1700 1 0; 300 50
Cole, Cat    1600 4 1; 400
Dunn, Dan    1500 3 5; 350
Eze, Eve     1400 6 4; 400
Fox, Fay     1300 5 0; 390 -50
