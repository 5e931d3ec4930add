extension PipelineDescriptor {
    /// Adds `keys` to the uniforms this pipeline's shaders must have.
    public mutating func declare(_ keys: any UniformKey...) {
        uniforms += keys.map(\.declaration)
    }

    /// What differs between the uniforms and samplers this pipeline declares and those
    /// of its linked program (`program`, by name), each in words naming the uniform;
    /// empty when they match. Both ways: a declared name the program lacks (misspelt,
    /// or removed by the linker because nothing reads it), a type that differs, and a
    /// uniform of the program that nothing declares (it would keep its initial zero).
    func uniformProblems(in program: [String: UniformType]) -> [String] {
        let shaders = "\(vertexShader) + \(fragmentShader)"
        var problems: [String] = []
        var declared: Set<String> = []
        for uniform in uniforms {
            if !declared.insert(uniform.name).inserted { problems.append("declares uniform \(uniform.name) twice") }
            guard let found = program[uniform.name] else {
                problems.append("declares uniform \(uniform.type) \(uniform.name), which \(shaders) do not have "
                    + "(misspelt, or not read by the shaders so the linker removed it)")
                continue
            }
            if found.isSampler {
                problems.append("declares \(uniform.name) as a \(uniform.type) uniform; \(shaders) have it as a \(found): name it in samplers")
            } else if found != uniform.type {
                problems.append("declares uniform \(uniform.name) as \(uniform.type); \(shaders) have it as \(found)")
            }
        }
        for sampler in samplers {
            if !declared.insert(sampler).inserted { problems.append("declares \(sampler) twice") }
            guard let found = program[sampler] else {
                problems.append("names sampler \(sampler), which \(shaders) do not have (misspelt, or not read by the shaders)")
                continue
            }
            if !found.isSampler { problems.append("names \(sampler) as a sampler; \(shaders) have it as \(found)") }
        }
        for (name, type) in program.sorted(by: { $0.key < $1.key }) where !declared.contains(name) {
            problems.append(type.isSampler ? "names no sampler \(name), which \(shaders) read"
                                           : "does not declare uniform \(type) \(name), which \(shaders) have (it would stay zero)")
        }
        return problems
    }
}
