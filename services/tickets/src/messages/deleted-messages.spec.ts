import { deletedMessageChange } from './deleted-messages.js';

describe('deletedMessageChange', () => {
  it('erases the text and the file when lgpdDeleteMessage is enabled', () => {
    expect(deletedMessageChange(true)).toEqual({
      isDeleted: true,
      body: '',
      mediaKey: null,
      mediaName: null,
    });
  });

  it('only marks the message deleted otherwise', () => {
    expect(deletedMessageChange(false)).toEqual({ isDeleted: true });
  });
});
