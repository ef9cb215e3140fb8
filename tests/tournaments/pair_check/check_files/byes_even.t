# Swiss: four players, yet two byes in round 1.
Ash, Ann     1800 2; 400
Bell, Ben    1700 1; 300
Cole, Cat    1600 0; 50
Dunn, Dan    1500 0; 50
