import { describe, expect, it } from 'vitest';
import { createIntentClassifier, meaningfulTerms, searchQueryOf } from './intent-classifier.ts';

const classifier = createIntentClassifier();

describe('the intent classifier', () => {
  it.each([
    ['What is my balance?', 'en', 'balances'],
    ['how much money do I have in EUR', 'en', 'balances'],
    ['quel est mon solde', 'fr', 'balances'],
    ['show my recent activity', 'en', 'recent_activity'],
    ['mes dernières opérations', 'fr', 'recent_activity'],
    ['Was my Apple order filled?', 'en', 'order_status'],
    ['mon ordre a-t-il été exécuté', 'fr', 'order_status'],
    ['what is the status of my identity verification', 'en', 'kyc_status'],
    ['où en est ma vérification', 'fr', 'kyc_status'],
    ['How do I reset my password?', 'en', 'how_to'],
    ['how do I withdraw money', 'en', 'how_to'],
    ['Comment réinitialiser mon mot de passe ?', 'fr', 'how_to'],
    ['comment déposer par carte', 'fr', 'how_to'],
    ['hello', 'en', 'greeting'],
    ['merci', 'fr', 'greeting'],
  ] as const)('understands %j (%s) as %s', (text, language, intent) => {
    expect(classifier.classify(text, language).intent).toBe(intent);
  });

  it.each([
    ['what is the weather', 'en'],
    ['what time is it', 'en'],
    ['who won the football match', 'en'],
    ['tell me a joke', 'en'],
    ['recipe for pancakes', 'en'],
    ['quel temps fait-il', 'fr'],
    ['recette des crêpes', 'fr'],
    ['?!', 'en'],
  ] as const)('says %j (%s) is out of its domain rather than guess', (text, language) => {
    expect(classifier.classify(text, language).intent).toBe('out_of_domain');
  });

  it.each([
    ['live agent', 'en'],
    ['what is my balance? live agent', 'en'],
    ['I want to talk to a person', 'en'],
    ['Parler à un conseiller', 'fr'],
    ['je veux parler à un conseiller tout de suite', 'fr'],
  ] as const)('hands over on %j at any time', (text, language) => {
    expect(classifier.classify(text, language).intent).toBe('handover');
  });

  it('searches the help centre with the words as typed, without the stop words', () => {
    expect(searchQueryOf('Comment déposer par virement SEPA ?')).toBe('déposer virement SEPA');
    expect(searchQueryOf('How do I withdraw money?')).toBe('withdraw money');
    expect(searchQueryOf('what is it')).toBe('what is it');
  });

  it('drops accents, case, apostrophes and stop words before scoring', () => {
    expect(meaningfulTerms('Où est l’Accès de MES Ordres ?')).toEqual(['acce', 'ordre']);
  });
});
