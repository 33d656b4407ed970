import { addressFilterOf, addressFilterPath } from './addressFilter';

const FIELDS = ['status', 'reference'] as const;

describe('a list filter in the address', () => {
  it('reads the named fields trimmed, and leaves out empty and unknown ones', () => {
    expect(addressFilterOf('?reference=+R-1+&status=&other=x', FIELDS)).toEqual({ reference: 'R-1' });
  });

  it('writes the non-empty fields in the order given, and the bare path without any', () => {
    expect(addressFilterPath('/orders', FIELDS, { reference: ' R 1 ', status: 'PAID' })).toBe('/orders?status=PAID&reference=R+1');
    expect(addressFilterPath('/orders', FIELDS, { reference: ' ' })).toBe('/orders');
  });
});
