import { cleanDescription, descriptionToSave } from './save-rules';

describe('the description editor save rules (spec 4)', () => {
  it('saves a changed text, cleaned as the server will store it', () => {
    expect(descriptionToSave('<p>New <strong>text</strong></p>', '<p>Old</p>')).toBe('<p>New <strong>text</strong></p>');
    expect(descriptionToSave('<p onclick="x()">New<script>x</script></p>', '<p>Old</p>')).toBe('<p>New</p>');
  });

  it('does not save an unchanged text, even when only the markup noise differs', () => {
    expect(descriptionToSave('<p>Same</p>', '<p>Same</p>')).toBeNull();
    expect(descriptionToSave('<p>Same<script>x</script></p>', '<p>Same</p>')).toBeNull();
    expect(descriptionToSave('<p>a&nbsp;b</p>', '<p>a b</p>')).toBeNull();
  });

  it('never saves an empty editor', () => {
    expect(descriptionToSave('<p><br></p>', '<p>Old</p>')).toBeNull();
    expect(descriptionToSave('<p>   </p>', '')).toBeNull();
    expect(cleanDescription('<p><br></p>')).toBe('');
  });

  it('keeps an image-only description', () => {
    expect(descriptionToSave('<p><img src="data:image/png;base64,AAAA"></p>', '')).toBe('<p><img src="data:image/png;base64,AAAA"></p>');
  });
});
