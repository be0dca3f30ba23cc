/**
 * Cash operations needs the ledger and user management in the same process (in-process clients, ADR 0003), so it
 * is not run alone: start the one-process server (`npm start`), which mounts it with its dependencies.
 */
console.error('Cash operations runs inside the one-process server: npm start');
process.exit(1);
