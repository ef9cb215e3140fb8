# King of the hill: after round 1 the standings are Ann, Cat, Dan, Ben, so round 2 should be
# Ann v Cat and Dan v Ben; the file has Ann v Dan and Cat v Ben.
Ash, Ann     1800 2 4; 400
Bell, Ben    1700 1 3; 300
Cole, Cat    1600 4 2; 400
Dunn, Dan    1500 3 1; 350
