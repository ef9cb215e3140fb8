# Swiss with first/second recorded: in round 2 Ann goes first again against Cat, who went
# second in round 1.
Ash, Ann     1800 2 3; 400; p12 1 1
Bell, Ben    1700 1 4; 300; p12 2 2
Cole, Cat    1600 4 1; 400; p12 2 2
Dunn, Dan    1500 3 2; 300; p12 1 1
