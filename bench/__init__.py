"""The benchmarks behind ``manage.py bench NAME``, kept apart from the product: each module has a
function returning printable lines, reads the clock itself (the pure cores never do), and nothing
in the apps imports this package."""
