import { describe, expect, it } from 'vitest';
import { notices } from '../../src/domain/appMessages.ts';
import { messages } from '../../src/domain/messages.ts';

// The limits in these messages are built from the constants; the wording is the product's
// (docs/product.md, "Validation messages") and must not drift.
describe('messages built from the limits', () => {
  it.each([
    [messages.edgeNameTooLong, 'Edge name must be less than 100 characters'],
    [messages.edgeWeightOutOfRange, 'Weight factor must be between 0 and 1'],
    [messages.setupNameTooLong, 'Name must be less than 100 characters'],
    [messages.setupDescriptionTooLong, 'Description must be less than 500 characters'],
    [messages.setupNotesTooLong, 'Notes must be less than 1000 characters'],
    [messages.stockTooLong, 'Stock symbol must be 10 characters or less'],
    [messages.probabilityOutOfRange, 'Probability of success must be between 0 and 100'],
    [messages.scaleOutFactorInvalid, 'Scale-out factor must be a whole number from 1 to 10'],
    [messages.planNotesTooLong, 'Notes must be less than 2000 characters'],
    [messages.tradeNotesTooLong, 'Notes must be less than 2000 characters'],
  ])('%s', (message, expected) => {
    expect(message).toBe(expected);
  });

  it('words each list of short texts alike, with its own nouns and limits', () => {
    expect([messages.tagsSay, messages.mistakesSay, messages.criteriaMetSay]).toEqual([
      {
        notList: 'Tags must be a list of texts',
        blank: 'A tag must not be empty',
        tooLong: 'A tag must be at most 40 characters',
        controlCharacters: 'A tag must not contain control characters',
        brokenCharacter: 'A tag must not contain a broken character',
        tooMany: 'A trade can have at most 20 tags',
      },
      {
        notList: 'Mistakes must be a list of texts',
        blank: 'A mistake must not be empty',
        tooLong: 'A mistake must be at most 40 characters',
        controlCharacters: 'A mistake must not contain control characters',
        brokenCharacter: 'A mistake must not contain a broken character',
        tooMany: 'A trade can have at most 20 mistakes',
      },
      {
        notList: 'Criteria met must be a list of texts',
        blank: 'A criterion must not be empty',
        tooLong: 'A criterion must be less than 1000 characters',
        controlCharacters: 'A criterion must not contain control characters',
        brokenCharacter: 'A criterion must not contain a broken character',
        tooMany: 'A plan can tick at most 30 criteria',
      },
    ]);
  });

  it('words the transition refusal and the logout question', () => {
    expect(messages.transitionRefused('Draft', 'Hold')).toBe('Cannot transition from Draft to Hold');
    expect(messages.logoutWithUnsavedChanges(1)).toBe('1 change is not saved yet. Log out anyway?');
    expect(messages.logoutWithUnsavedChanges(2)).toBe('2 changes are not saved yet. Log out anyway?');
    expect(messages.positionSizeLotTooSmall(3)).toBe('Less than one lot of 3 shares');
  });

  it('words when fills were imported, and when "Sync trades" can run again', () => {
    expect(notices.fillsImportedAgo('3 min ago')).toBe('Fills imported 3 min ago');
    expect(notices.importThrottled('1 min ago', 'in 1 min')).toBe(
      'Fills were imported 1 min ago. Sync trades can run again in 1 min.',
    );
  });
});
