# A club league paired by hand as a round robin: under Swiss, rounds 2 and 3 would be wrong.
Ash, Ann     1800 4 3 2; 400 420 380
Bell, Ben    1700 3 4 1; 410 300 390
Cole, Cat    1600 2 1 4; 350 400 400
Dunn, Dan    1500 1 2 3; 300 380 350
