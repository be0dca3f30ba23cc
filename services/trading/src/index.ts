/**
 * @tessera/service-trading. For now: the matching engine (issue #5), pure code with no I/O, and the trigger book
 * for stop, stop-limit and trailing-stop orders. Routes, persistence and pre-trade checks come with the service.
 */
export * from './modules/matching/index.ts';
