import { describe, expect, it } from 'vitest';
import { choicesOf, createBody, draftOf, moved, newQuestion, updateBody } from './survey-draft.ts';

describe('the survey builder’s draft', () => {
  it('sends choices one a line without blanks, keeps a saved question’s id, and sends no slug on an edit', () => {
    const draft = draftOf({
      id: 3,
      workspace_id: 1,
      slug: 'poll',
      url: 'http://localhost/poll',
      title: 'Poll',
      description: '',
      questions: [{ id: 'q1', type: 'single_choice', label: 'Which?', required: true, options: ['A', 'B'] }],
      redirect_url: null,
      is_active: true,
      response_count: 0,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    draft.questions[0]!.choices = 'A\n\n  B \nC';
    draft.questions.push({ ...newQuestion('rating'), label: 'Stars' });
    expect(updateBody(draft)).toEqual({
      title: 'Poll',
      description: '',
      redirect_url: null,
      is_active: true,
      questions: [
        { id: 'q1', type: 'single_choice', label: 'Which?', required: true, options: ['A', 'B', 'C'] },
        { type: 'rating', label: 'Stars', required: false },
      ],
    });
    expect(createBody({ ...draft, slug: ' poll ', redirectUrl: ' https://example.com ' })).toMatchObject({ slug: 'poll', redirect_url: 'https://example.com' });
    expect(choicesOf({ type: 'short_text', choices: 'A' })).toEqual([]);
  });

  it('moves a question up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
