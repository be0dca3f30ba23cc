/** @tessera/service-assistant: the customer assistant under /api/assistant. */
export { assistantService, createAssistantService } from './service.ts';
