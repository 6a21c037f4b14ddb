import { expect } from 'chai';
import { FinalAnswers } from '../../services/gateway-rpc/final-answers.ts';

describe('FinalAnswers', function () {
  it('keeps answers within its bytes, the oldest leaving first unless asked for since (second chance)', function () {
    const answers = new FinalAnswers(12);
    answers.set('a', 'aaaa');
    answers.set('b', 'bbbb');
    answers.set('c', 'cccc');
    expect(answers.get('a')).to.equal('aaaa');
    answers.set('d', 'dddd');
    // b, the oldest not asked for, left; a was asked for and stays.
    expect([answers.get('a'), answers.get('b'), answers.get('c'), answers.get('d')]).to.deep.equal([
      'aaaa',
      undefined,
      'cccc',
      'dddd',
    ]);
    expect(answers.weight).to.equal(12);
    // Every one asked for: each loses its chance in turn, then the oldest leaves.
    answers.set('e', 'eeee');
    expect(answers.size).to.equal(3);
    expect(answers.get('e')).to.equal('eeee');
    expect(answers.weight).to.equal(12);
  });

  it('replaces an answer under the same key, and keeps none heavier than all its bytes', function () {
    const answers = new FinalAnswers(10);
    answers.set('a', 'aaaa');
    answers.set('a', 'aa');
    expect(answers.get('a')).to.equal('aa');
    expect(answers.weight).to.equal(2);
    answers.set('huge', 'x'.repeat(11));
    expect(answers.get('huge')).to.equal(undefined);
    expect(answers.weight).to.equal(2);
    const none = new FinalAnswers(0);
    none.set('a', 'a');
    expect(none.size).to.equal(0);
  });
});
