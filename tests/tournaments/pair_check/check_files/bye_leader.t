# Swiss: nobody but Eve has had a bye, yet round 2 gives the bye to the leader, Ann.
Ash, Ann     1800 2 0; 400 50
Bell, Ben    1700 1 4; 300
Cole, Cat    1600 4 5; 400
Dunn, Dan    1500 3 2; 350
Eze, Eve     1400 0 3; 50
