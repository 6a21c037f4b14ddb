import { expect } from 'chai';
import { FinalAnswers } from '../../services/gateway-rpc/final-answers.ts';

const text = (answer: Buffer | undefined) => answer?.toString('utf8');

describe('FinalAnswers', function () {
  it('keeps answers within its bytes, the oldest leaving first unless asked for since (second chance)', function () {
    const answers = new FinalAnswers(12);
    answers.set('a', Buffer.from('aaaa'));
    answers.set('b', Buffer.from('bbbb'));
    answers.set('c', Buffer.from('cccc'));
    expect(text(answers.get('a'))).to.equal('aaaa');
    answers.set('d', Buffer.from('dddd'));
    // b, the oldest not asked for, left; a was asked for and stays.
    expect([
      text(answers.get('a')),
      text(answers.get('b')),
      text(answers.get('c')),
      text(answers.get('d')),
    ]).to.deep.equal(['aaaa', undefined, 'cccc', 'dddd']);
    expect(answers.weight).to.equal(12);
    // Every one asked for: each loses its chance in turn, then the oldest leaves.
    answers.set('e', Buffer.from('eeee'));
    expect(answers.size).to.equal(3);
    expect(text(answers.get('e'))).to.equal('eeee');
    expect(answers.weight).to.equal(12);
  });

  it('replaces an answer under the same key, and keeps none heavier than all its bytes', function () {
    const answers = new FinalAnswers(10);
    answers.set('a', Buffer.from('aaaa'));
    answers.set('a', Buffer.from('aa'));
    expect(text(answers.get('a'))).to.equal('aa');
    expect(answers.weight).to.equal(2);
    answers.set('huge', Buffer.from('x'.repeat(11)));
    expect(text(answers.get('huge'))).to.equal(undefined);
    expect(answers.weight).to.equal(2);
    const none = new FinalAnswers(0);
    none.set('a', Buffer.from('a'));
    expect(none.size).to.equal(0);
  });
});
