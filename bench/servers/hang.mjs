// Bench server that reads stdin and never answers anything, not even `initialize`. It exits when stdin closes.
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
