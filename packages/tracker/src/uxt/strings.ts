/**
 * Every text the usability-test overlay shows, in English and French (the language of `<html lang>`). The overlay
 * lives in the tracker's own chunk, outside the app's translation files; strings.test.ts checks both languages have
 * the same keys. The English labels in quotes are the spec's (section 2, 'Usability-test overlay').
 */
export type UxtLanguage = 'en' | 'fr';

const en = {
  overlayLabel: 'Usability test',
  greetingTitle: 'Welcome to this usability test',
  greetingIntro:
    'You are invited to try Tessera and tell us how it went. Your actions on this site are recorded for this test; what you type into the site stays masked. The answers you give in this panel go to our research team.',
  greetingCameraMicrophone: 'Once you begin, this test also records your camera and microphone.',
  greetingCamera: 'Once you begin, this test also records your camera.',
  greetingMicrophone: 'Once you begin, this test also records your microphone.',
  readGuidelines: 'Read guidelines to begin',
  guidelinesSection: 'Introduction & Guidelines',
  beginTest: 'Begin Test',
  tasksSection: 'Tasks',
  stepsLabel: 'Task progress',
  stepDone: 'Task {n}, done',
  stepCurrent: 'Task {n}, current',
  stepTodo: 'Task {n}, to do',
  taskOf: 'Task {n} of {total}',
  yourAnswer: 'Your answer',
  collapsePanel: 'Collapse Panel',
  expandPanel: 'Expand Panel',
  doneNext: 'Done, Next',
  abortSession: 'Abort Session',
  movePanel: 'Move panel (arrow keys)',
  thankYou: 'Thank you!',
  defaultConclusion:
    'Thank you for taking part in this usability test. Your feedback helps us make Tessera easier to use.',
  submittingFeedback: 'Submitting Feedback',
  endSession: 'End Session',
  close: 'Close',
  unavailable: 'This usability test is not available at the moment. Thank you for your interest.',
  networkError: 'The usability test could not be loaded. Check your connection and reload the page.',
  trackerOff:
    'This usability test needs session recording, which is off in this browser (for example Do Not Track).',
  recording: 'Recording your camera and microphone for this test',
  recordingCamera: 'Recording your camera for this test',
  recordingMicrophone: 'Recording your microphone for this test',
  mediaDenied:
    'Camera or microphone access was refused or is not available: the test continues without a recording.',
  uploadFailed: 'Your recording could not be sent. Your answers were saved.',
  signalFailed: 'Your progress could not be saved. Check your connection; the test goes on.',
  susTitle: 'A few questions about your experience',
  susIntro: 'For each statement, choose from 1 (strongly disagree) to 5 (strongly agree).',
  susScale1: 'Strongly disagree',
  susScale5: 'Strongly agree',
  susSubmit: 'Send answers',
  susIncomplete: 'Please answer every statement.',
  sus1: 'I think that I would like to use this system frequently.',
  sus2: 'I found the system unnecessarily complex.',
  sus3: 'I thought the system was easy to use.',
  sus4: 'I think that I would need the support of a technical person to be able to use this system.',
  sus5: 'I found the various functions in this system were well integrated.',
  sus6: 'I thought there was too much inconsistency in this system.',
  sus7: 'I would imagine that most people would learn to use this system very quickly.',
  sus8: 'I found the system very cumbersome to use.',
  sus9: 'I felt very confident using the system.',
  sus10: 'I needed to learn a lot of things before I could get going with this system.',
};

const fr: typeof en = {
  overlayLabel: 'Test d’utilisabilité',
  greetingTitle: 'Bienvenue dans ce test d’utilisabilité',
  greetingIntro:
    'Nous vous invitons à essayer Tessera et à nous dire comment cela s’est passé. Vos actions sur ce site sont enregistrées pour ce test ; ce que vous saisissez sur le site reste masqué. Les réponses que vous donnez dans ce panneau sont transmises à notre équipe de recherche.',
  greetingCameraMicrophone: 'Une fois le test commencé, il enregistre aussi votre caméra et votre micro.',
  greetingCamera: 'Une fois le test commencé, il enregistre aussi votre caméra.',
  greetingMicrophone: 'Une fois le test commencé, il enregistre aussi votre micro.',
  readGuidelines: 'Lire les consignes pour commencer',
  guidelinesSection: 'Introduction et consignes',
  beginTest: 'Commencer le test',
  tasksSection: 'Tâches',
  stepsLabel: 'Progression des tâches',
  stepDone: 'Tâche {n}, terminée',
  stepCurrent: 'Tâche {n}, en cours',
  stepTodo: 'Tâche {n}, à faire',
  taskOf: 'Tâche {n} sur {total}',
  yourAnswer: 'Votre réponse',
  collapsePanel: 'Réduire le panneau',
  expandPanel: 'Déplier le panneau',
  doneNext: 'Terminé, suivant',
  abortSession: 'Abandonner la session',
  movePanel: 'Déplacer le panneau (touches fléchées)',
  thankYou: 'Merci !',
  defaultConclusion:
    'Merci d’avoir participé à ce test d’utilisabilité. Vos retours nous aident à rendre Tessera plus simple à utiliser.',
  submittingFeedback: 'Envoi de vos retours',
  endSession: 'Terminer la session',
  close: 'Fermer',
  unavailable: 'Ce test d’utilisabilité n’est pas disponible pour le moment. Merci de votre intérêt.',
  networkError:
    'Le test d’utilisabilité n’a pas pu être chargé. Vérifiez votre connexion et rechargez la page.',
  trackerOff:
    'Ce test d’utilisabilité a besoin de l’enregistrement de session, désactivé dans ce navigateur (par exemple par Do Not Track).',
  recording: 'Enregistrement de votre caméra et de votre micro pour ce test',
  recordingCamera: 'Enregistrement de votre caméra pour ce test',
  recordingMicrophone: 'Enregistrement de votre micro pour ce test',
  mediaDenied:
    'L’accès à la caméra ou au micro a été refusé ou n’est pas disponible : le test continue sans enregistrement.',
  uploadFailed: 'Votre enregistrement n’a pas pu être envoyé. Vos réponses sont enregistrées.',
  signalFailed: 'Votre progression n’a pas pu être enregistrée. Vérifiez votre connexion ; le test continue.',
  susTitle: 'Quelques questions sur votre expérience',
  susIntro: 'Pour chaque affirmation, choisissez de 1 (pas du tout d’accord) à 5 (tout à fait d’accord).',
  susScale1: 'Pas du tout d’accord',
  susScale5: 'Tout à fait d’accord',
  susSubmit: 'Envoyer les réponses',
  susIncomplete: 'Merci de répondre à chaque affirmation.',
  sus1: 'Je voudrais utiliser ce système fréquemment.',
  sus2: 'Ce système est inutilement complexe.',
  sus3: 'Ce système est facile à utiliser.',
  sus4: 'J’aurais besoin du soutien d’un technicien pour être capable d’utiliser ce système.',
  sus5: 'Les différentes fonctionnalités de ce système sont bien intégrées.',
  sus6: 'Il y a trop d’incohérences dans ce système.',
  sus7: 'La plupart des gens apprendraient à utiliser ce système très rapidement.',
  sus8: 'Ce système est très lourd à utiliser.',
  sus9: 'Je me suis senti·e très en confiance en utilisant ce système.',
  sus10: 'J’ai dû apprendre beaucoup de choses avant de pouvoir utiliser ce système.',
};

export type UxtStringKey = keyof typeof en;

export const UXT_STRINGS: Record<UxtLanguage, typeof en> = { en, fr };

/** The SUS statements' keys, in the questionnaire's order (odd items positive, even items negative). */
export const SUS_KEYS = [
  'sus1',
  'sus2',
  'sus3',
  'sus4',
  'sus5',
  'sus6',
  'sus7',
  'sus8',
  'sus9',
  'sus10',
] as const satisfies readonly UxtStringKey[];

/** The page's language from `<html lang>`: French for fr and fr-*, English otherwise. */
export function pageLanguage(lang: string | null | undefined): UxtLanguage {
  return /^fr(?:-|$)/iu.test(lang ?? '') ? 'fr' : 'en';
}

/** A text in `language`, with `{name}` placeholders filled in. */
export function uxtText(
  language: UxtLanguage,
  key: UxtStringKey,
  values: Record<string, string | number> = {},
): string {
  return UXT_STRINGS[language][key].replace(/\{(\w+)\}/gu, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
