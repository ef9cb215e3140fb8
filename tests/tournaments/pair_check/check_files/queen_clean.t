# queen.t in queen of the hill order: Ann v Dan, Ben v Cat.
Ash, Ann     1800 3 4; 400
Bell, Ben    1700 4 3; 400
Cole, Cat    1600 1 2; 300
Dunn, Dan    1500 2 1; 350
