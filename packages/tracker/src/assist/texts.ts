/**
 * Every text the customer sees from live assist, in English and French (spec section 2; the error texts of
 * section 8 stay in English in the console log, as the spec writes them). The language is the page's: `<html lang>`.
 */

export type AssistLanguage = 'en' | 'fr';

export const ASSIST_TEXTS = {
  en: {
    incomingCall: 'You have an incoming call. Do you want to answer?',
    answer: 'Answer',
    reject: 'Reject',
    controlRequest: 'Agent requested remote control. Allow?',
    grantControl: 'Grant Remote Control',
    recordingTitle: 'Allow Recording',
    recordingRequest: 'Agent requested to record activity in this browser tab.',
    allowRecording: 'Allow Recording',
    callWindowLabel: 'Call with {name}',
    agentDefault: 'Agent',
    remoteVideo: 'Video of {name}',
    localVideo: 'Your video',
    duration: 'Call duration',
    muteAudio: 'Mute microphone',
    unmuteAudio: 'Unmute microphone',
    stopVideo: 'Turn camera off',
    startVideo: 'Turn camera on',
    endCall: 'End call',
    remoteControl: '{name} controls this page',
    endControl: 'End control',
    videoPaused: 'Video has been paused. Click anywhere to resume.',
    recording: 'This browser tab is being recorded',
    pointer: 'Pointer of {name}',
    dragHint: 'Drag to move the call window',
    refused: 'The agent cannot do this for you: please do it yourself.',
    noMicrophone: 'The call ended: the microphone is not available.',
    unsupported: 'This browser does not support calls with an agent.',
  },
  fr: {
    incomingCall: 'Vous avez un appel entrant. Voulez-vous répondre ?',
    answer: 'Répondre',
    reject: 'Refuser',
    controlRequest: "L'agent demande le contrôle à distance. Autoriser ?",
    grantControl: 'Accorder le contrôle à distance',
    recordingTitle: "Autoriser l'enregistrement",
    recordingRequest: "L'agent demande à enregistrer l'activité de cet onglet du navigateur.",
    allowRecording: "Autoriser l'enregistrement",
    callWindowLabel: 'Appel avec {name}',
    agentDefault: 'Agent',
    remoteVideo: 'Vidéo de {name}',
    localVideo: 'Votre vidéo',
    duration: "Durée de l'appel",
    muteAudio: 'Couper le micro',
    unmuteAudio: 'Rétablir le micro',
    stopVideo: 'Couper la caméra',
    startVideo: 'Activer la caméra',
    endCall: "Terminer l'appel",
    remoteControl: '{name} contrôle cette page',
    endControl: 'Terminer le contrôle',
    videoPaused: "La vidéo a été mise en pause. Cliquez n'importe où pour reprendre.",
    recording: 'Cet onglet du navigateur est enregistré',
    pointer: 'Pointeur de {name}',
    dragHint: "Faites glisser pour déplacer la fenêtre d'appel",
    refused: "L'agent ne peut pas le faire à votre place : faites-le vous-même.",
    noMicrophone: "L'appel est terminé : le micro n'est pas disponible.",
    unsupported: 'Ce navigateur ne permet pas les appels avec un agent.',
  },
} as const satisfies Record<AssistLanguage, Record<string, string>>;

export type AssistTextKey = keyof (typeof ASSIST_TEXTS)['en'];
export type AssistTexts = Record<AssistTextKey, string>;

/** The page's language from `<html lang>` ('fr', 'fr-FR'... give French; anything else English). */
export function assistLanguage(htmlLang: string | null | undefined): AssistLanguage {
  return /^fr(?:-|$)/iu.test((htmlLang ?? '').trim()) ? 'fr' : 'en';
}

/** A text with its `{name}`-style placeholders filled. */
export function formatText(text: string, values: Record<string, string> = {}): string {
  return text.replace(/\{(\w+)\}/gu, (whole, key: string) => values[key] ?? whole);
}
