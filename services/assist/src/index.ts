/** @tessera/service-assist: live assist (socket.io live channel, PeerJS signalling, staff API). */
export { ASSIST_STAFF_PREFIX, assistService, configureAssistForTest } from './service.ts';
export { loadAssistSettings, type AssistSettings } from './settings.ts';
