@testable import ChartRender
import XCTest

/// A pipeline declares its uniforms, and making it checks them against the linked
/// program: on OpenGL (llvmpipe) against the driver's active uniforms, on the recording
/// backend against the shaders' declarations, so a mistake is an error in words naming
/// the pipeline and the uniform on both, not a wrong picture.
final class PipelineUniformsTests: XCTestCase {
    /// Every pipeline compiles, links and matches its declaration on OpenGL, and on the
    /// recording backend.
    func testEveryPipelineIsMadeWithTheUniformsItDeclares() throws {
        let recording = RenderDevice(recording: RecordingBackend())
        for descriptor in PipelineDescriptor.all {
            XCTAssertNoThrow(try GLTestHarness.device.makePipeline(descriptor), descriptor.label)
            XCTAssertNoThrow(try recording.makePipeline(descriptor), descriptor.label)
        }
    }

    /// The list the shader tests go by holds every program the renderers make.
    func testTheListOfPipelinesHoldsEveryProgramTheRenderersMake() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let factory = try GPUSurfaceFactory(device: device, source: nil, font: nil)
        let stretcher = try TextureStretcher(device: device)
        var made: Set<[String]> = []
        for case let .makeProgram(vertex, fragment) in backend.commands { made.insert([vertex, fragment]) }
        XCTAssertEqual(made, Set(PipelineDescriptor.all.map { [$0.vertexShader, $0.fragmentShader] }))
        withExtendedLifetime((factory, stretcher)) {}
    }

    func testAMisspeltUniformIsAnErrorNamingThePipelineAndTheUniform() {
        var descriptor = TextureStretcher.descriptor
        descriptor.uniforms = []
        descriptor.declare(Uniform<SIMD2<Float>>("u_targetSise"))
        assertRefused(descriptor, saying: ["pipeline 'stretch'", "declares uniform vec2 u_targetSise, which whole-target.vert + stretch.frag do not have",
                                           "does not declare uniform vec2 u_targetSize"])
    }

    func testADeclaredUniformTheShadersLackIsAnError() {
        var descriptor = GradientRenderer.descriptor
        descriptor.declare(Uniform<Float>("u_brightness"))
        assertRefused(descriptor, saying: ["pipeline 'gradient'", "u_brightness, which gradient-mesh.vert + gradient-mesh.frag do not have"])
    }

    func testAUniformOfTheShadersLeftUndeclaredIsAnError() {
        var descriptor = ShapePipelines.shapeDescriptor
        descriptor.uniforms = []
        assertRefused(descriptor, saying: ["pipeline 'shapes'", "does not declare uniform vec2 u_canvasSize"])
    }

    func testAUniformOfAnotherTypeIsAnError() {
        var scalar = TextureStretcher.descriptor
        scalar.uniforms = []
        scalar.declare(Uniform<Float>("u_targetSize"))
        assertRefused(scalar, saying: ["pipeline 'stretch'", "declares uniform u_targetSize as float; whole-target.vert + stretch.frag have it as vec2"])
        var array = StackRenderer.barsDescriptor
        array.uniforms.removeAll { $0.name == "u_weights" }
        array.declare(Uniform<Float>("u_weights"))
        assertRefused(array, saying: ["pipeline 'stack bars'", "declares uniform u_weights as float; stack.vert + stack.frag have it as float[]"])
        var element = GradientRenderer.descriptor
        element.uniforms.removeAll { $0.name == "u_colors" }
        element.declare(Uniform<[SIMD4<Float>]>("u_colors"))
        assertRefused(element, saying: ["declares uniform u_colors as vec4[]; gradient-mesh.vert + gradient-mesh.frag have it as vec3[]"])
    }

    func testAMisspeltOrMissingSamplerIsAnError() {
        var misspelt = TextureStretcher.descriptor
        misspelt.samplers = ["u_textur"]
        assertRefused(misspelt, saying: ["pipeline 'stretch'", "names sampler u_textur, which whole-target.vert + stretch.frag do not have",
                                         "names no sampler u_texture"])
        var notASampler = TextureStretcher.descriptor
        notASampler.samplers = ["u_targetSize"]
        assertRefused(notASampler, saying: ["names u_targetSize as a sampler; whole-target.vert + stretch.frag have it as vec2"])
    }

    /// Makes `descriptor` on the recording backend and on OpenGL, and expects both to
    /// refuse it with a message holding each of `phrases`.
    private func assertRefused(_ descriptor: PipelineDescriptor, saying phrases: [String],
                               file: StaticString = #filePath, line: UInt = #line) {
        for (backend, device) in [("recording", RenderDevice(recording: RecordingBackend())), ("OpenGL", GLTestHarness.device)] {
            do {
                _ = try device.makePipeline(descriptor)
                XCTFail("\(backend): '\(descriptor.label)' was made", file: file, line: line)
            } catch let error as RenderError {
                guard case .pipeline = error else {
                    XCTFail("\(backend): \(error)", file: file, line: line)
                    continue
                }
                for phrase in phrases {
                    XCTAssertTrue(error.description.contains(phrase), "\(backend): '\(error)' does not say '\(phrase)'", file: file, line: line)
                }
            } catch {
                XCTFail("\(backend): \(error)", file: file, line: line)
            }
        }
    }
}
